/** The accounts the simulator always has, on every service. Tests, the demo and benchmarks log in with these. */
export const DEMO_ACCOUNTS = {
  /** Owns a varied set of leagues: MFL 8, Sleeper 6, Fleaflicker 5. */
  demo: {
    mfl: { username: 'demo', password: 'demo1234', apiKey: 'aRNp2sWSvuWqx0CmP1DAYzEgKRS' },
    sleeper: { username: 'dynastydemo', userId: '738119346722246656', displayName: 'DynastyDemo' },
    flea: { email: 'demo@dynasty.test' },
  },
  /** Owns exactly 20 leagues on each service, for load tests. */
  bench: {
    mfl: { username: 'bench', password: 'bench1234', apiKey: 'aRNp2sWSvuWqx0CmP1DAYzBenCH' },
    sleeper: { username: 'benchuser', userId: '738119346722246657', displayName: 'BenchUser' },
    flea: { email: 'bench@dynasty.test' },
  },
} as const;
