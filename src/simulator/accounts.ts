/** The accounts the simulator always has, on every service. Tests, the demo and benchmarks log in with these. */
export const DEMO_ACCOUNTS = {
  /** Owns a varied set of leagues: MFL 8, Sleeper 6, Fleaflicker 5, ESPN 4 (3 private, 1 public). */
  demo: {
    mfl: { username: 'demo', password: 'demo1234', apiKey: 'aRNp2sWSvuWqx0CmP1DAYzEgKRS' },
    sleeper: { username: 'dynastydemo', userId: '738119346722246656', displayName: 'DynastyDemo' },
    flea: { email: 'demo@dynasty.test' },
    /** ESPN's two cookies, as a browser signed in to ESPN holds them. */
    espn: {
      swid: '{6F1C2A4E-8B3D-4E7A-9C5F-2D4B6A8E0C13}',
      espnS2:
        'AEBdemo7Kq2Vx9Lm4Rt8Pz1Wn6Hs3Jd5Fg0Yc2Ub7Ne4Ia9Ok1Ql3Mr6Ts8Uv0Wx2Yz5Ab7Cd9Ef1Gh3Ij5Kl7Mn9Op%2BQr2St4Uv6Wx8Yz0Ab2Cd4Ef6Gh8Ij0Kl2Mn4Op6Qr8St0Uv2Wx4Yz6Ab8Cd0Ef2Gh4Ij6Kl8Mn0Op2Qr4St6Uv8Wx0Yz%2FDemo1234%3D',
    },
  },
  /** Owns exactly 20 leagues on each service (ESPN's private), for load tests. */
  bench: {
    mfl: { username: 'bench', password: 'bench1234', apiKey: 'aRNp2sWSvuWqx0CmP1DAYzBenCH' },
    sleeper: { username: 'benchuser', userId: '738119346722246657', displayName: 'BenchUser' },
    flea: { email: 'bench@dynasty.test' },
    espn: {
      swid: '{B3E7D9A1-2C4F-4B6D-8E0A-1F3C5E7A9B24}',
      espnS2:
        'AEBbench3Xy5Zw7Vu9Ts1Rq3Po5Nm7Lk9Ji1Hg3Fe5Dc7Ba9Zy1Xw3Vu5Ts7Rq9Po1Nm3Lk5Ji7Hg9Fe1Dc3Ba5Zy7Xw9Vu%2BTs2Rq4Po6Nm8Lk0Ji2Hg4Fe6Dc8Ba0Zy2Xw4Vu6Ts8Rq0Po2Nm4Lk6Ji8Hg0Fe2Dc4Ba6Zy8Xw0Vu%2FBench1234%3D',
    },
  },
} as const;
