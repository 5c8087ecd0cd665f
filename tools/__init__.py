"""Developer tools: catalogue and font builders (not installed with the package)."""
