import type { LeagueType } from '#common/leagues.ts';

/** The words each service's buttons and modal use (the Sleeper button reads "Sleeper Connect"). */
export const serviceText: Record<
  LeagueType,
  { connect: string; title: string; submit: string; logout: string; name: string }
> = {
  mfl: {
    connect: 'Log in to MFL',
    title: 'Log in to MFL',
    submit: 'Log in',
    logout: 'Log out of MFL',
    name: 'MFL',
  },
  sleeper: {
    connect: 'Sleeper Connect',
    title: 'Sleeper Connect',
    submit: 'Connect',
    logout: 'Log out of Sleeper',
    name: 'Sleeper',
  },
  flea: {
    connect: 'Connect Fleaflicker',
    title: 'Connect Fleaflicker',
    submit: 'Connect',
    logout: 'Log out of Fleaflicker',
    name: 'Fleaflicker',
  },
  espn: {
    connect: 'Connect ESPN',
    title: 'Connect ESPN',
    submit: 'Connect',
    logout: 'Log out of ESPN',
    name: 'ESPN',
  },
};
