/** The server's refusals and the texts it stores for people to read, by module (ADR 055). */
export const server = {
  common: {
    signInRequired: 'Потрібно увійти в акаунт.',
    forbidden: 'Недостатньо прав для цієї дії.',
    notFound: 'Не знайдено.',
    tooManyAttempts: 'Забагато спроб. Спробуйте знову через {{wait}}.',
  },
} as const
