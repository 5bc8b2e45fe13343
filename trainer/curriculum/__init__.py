"""Curriculum files: a school's path from the first rules to the audition, in YAML: ordered
modules, each with its drills and the skills it must bring to mastery (``fields`` declares
the format, ``loader`` reads it, ``model`` is what it reads into)."""
