/**
 * The challenge module's public face: `siteverify/`, the guard public forms declare with
 * `config.challenge`, and the used solutions the nightly cleanup forgets.
 */
export { removeSpentChallenges } from './challenge.repo';
export { registerChallengeRoutes } from './challenge.routes';
export { registerChallengeGuard } from './challenge-guard';
