"""Small helpers that know nothing of the companion: log lines, SHA-256 without OpenSSL,
spreadsheet-safe CSV, and bounded reads of the files a user names."""
