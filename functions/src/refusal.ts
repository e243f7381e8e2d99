import { HttpsError, type FunctionsErrorCode } from 'firebase-functions/v2/https';

/** What a refused call carries in `details`, so the web app can show the Bengali text as it is. */
export interface RefusalDetails {
  message: string;
}

/**
 * An HttpsError whose Bengali message is also in `details.message`: the Firebase JS SDK (v12) appends the
 * HTTP status to `error.message` ("… [400]"), while `error.details` reaches the browser untouched.
 */
export function refusal(code: FunctionsErrorCode, message: string): HttpsError {
  const details: RefusalDetails = { message };
  return new HttpsError(code, message, details);
}
