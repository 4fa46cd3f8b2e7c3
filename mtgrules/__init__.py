"""mtgrules: a compact Magic: The Gathering rules engine for teaching and exploring the rules."""
