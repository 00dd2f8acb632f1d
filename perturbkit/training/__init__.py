"""Fine-tuning: models trained on perturbkit's data (a plot-to-story generator, a learned
plausibility metric). Heavy libraries (torch, transformers, peft) load only inside the functions."""
