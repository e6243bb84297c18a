/* ESPN's codes live in #common (the simulator speaks them too); the ESPN client reads them from here. */
export * from '#common/espn-vocabulary.ts';
