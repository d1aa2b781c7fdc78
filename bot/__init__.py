"""Everything a user touches: the CLI, the answering service, rendering and the Discord app."""
