"""Built-in transforms, one module per family. Importing a module registers its transforms;
``perturbkit.transform.registry()`` imports them all on first use."""
