from bigtop.cli import entry

entry()
