"""The Discord adapters, one package per feature (docs/architecture.md, "The cogs")."""
