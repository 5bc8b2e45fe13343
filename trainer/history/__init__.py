"""Training history: answers in an SQLite file or on a PostgreSQL server (``--db
postgresql://...``), spaced review of skills, progress and reports.

Import each name from its own module, so a path loads only what it uses (the trainer's start
needs the store and the scheduler, not the review drills and progress tables and the engine
behind them).  What the trainer needs (``trainer.cli.train.history_recorder`` wires it)::

    store = store.open_history(args.db)          # HistoryError: one line naming the file
    store = store.open_history(path, readonly=True)  # reading: the file is never changed
    recorder = hooks.Recorder(store)             # on_answer/on_session; never raises
    scheduler.due_count(store, trainee)          # home screen
    review.review_drill(store, trainee)          # NothingDueError says why there is none
    progress.progress_data(store, trainee)       # progress screen
"""
