// Routes of the spaces domain.
export {}
