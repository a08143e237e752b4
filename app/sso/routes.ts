// Routes of the sso domain.
export {}
