"""The Discord app: a thin layer of cogs (one per feature) over the answering service."""
