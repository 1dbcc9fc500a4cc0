"""The Durak engine: the deal (:mod:`.deal`), the state machine (:mod:`.state`)
and what each seat may see (:mod:`.views`)."""
