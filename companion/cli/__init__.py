"""The `companion` command: `main` parses the line, one module per subcommand does the job."""
