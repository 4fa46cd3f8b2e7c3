"""Write the JSON Schema files shipped in the package (mtgrules/schema/*.schema.json) and the
card-language reference (docs/card_language.md) from the engine's vocabulary. Run by
`make schema`; tests/test_schema.py and tests/test_card_language.py fail when they are stale."""

from pathlib import Path

from mtgrules.schema import reference
from mtgrules.schema.build import write

if __name__ == "__main__":
    for path in write():
        print(path)
    print(reference.write(Path(__file__).resolve().parent.parent))
