"""House files: a house's rules written in YAML, read into the engine's House value.

The engine (``trainer.engine.house``) holds what a house is and the bundled houses; this
package reads and writes house files, finds a house by name (bundled, the user's own folder,
or a path) and gives the JSON Schema for editors.
"""
