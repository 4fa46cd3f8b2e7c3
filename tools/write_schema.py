"""Write the JSON Schema files shipped in the package (mtgrules/schema/*.schema.json) from the
engine's vocabulary. Run by `make schema`; tests/test_schema.py fails when they are stale."""

from mtgrules.schema.build import write

if __name__ == "__main__":
    for path in write():
        print(path)
