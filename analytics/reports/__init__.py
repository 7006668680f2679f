"""Charts, report sections and their rendering to HTML and Markdown (templates/)."""
