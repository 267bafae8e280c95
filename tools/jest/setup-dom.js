if (typeof window !== 'undefined') {
  afterEach(() => window.localStorage.clear());
}
