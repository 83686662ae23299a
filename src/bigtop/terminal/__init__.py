"""The terminal front end: playing, simulating, replaying and benchmarking from the command line."""
