// Routes of the translations domain.
export {}
