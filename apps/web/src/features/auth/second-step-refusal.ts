import type { ApiError } from '../../lib/api-error';

/**
 * How the sign-in's second step and the enrolment at sign-in take a refusal: an expired step goes
 * back to the password; a wrong code (401) says the server's words; too many tries says so.
 * Answers false for anything else (the form's fallback shows it).
 */
export function secondStepRefusal(
  error: ApiError,
  { onRestart, showFailure, tooMany }: { onRestart: () => void; showFailure: (text: string) => void; tooMany: string },
): boolean {
  if (error.status === 400 && error.code === 'second_factor_challenge_expired') onRestart();
  else if (error.status === 401) showFailure(error.message);
  else if (error.status === 429) showFailure(tooMany);
  else return false;
  return true;
}
