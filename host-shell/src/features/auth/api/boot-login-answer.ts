import { AxiosError, AxiosHeaders } from 'axios';
import { ApiContractError, authEndpoints, type Employee } from 'shared-contracts';
import type { BootLoginAnswer } from '../../../app/boot-login';

/**
 * The answer to a login the HTML page's script sent (app/boot-login.ts), as the form's own request
 * would have ended: the token and employee of a 2xx answer that matches the endpoint's schema, or
 * thrown as the axios error the app's API client would have thrown, so `loginErrorMessage` and
 * `loginFieldErrors` show exactly what they show for the form's own request.
 */
export async function loginFromBootAnswer(
  answer: Promise<BootLoginAnswer>,
): Promise<{ token: string; employee: Employee }> {
  const { status, body } = await answer;
  const config = { headers: new AxiosHeaders() };
  if (status === 0) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  if (status < 200 || status >= 300) {
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      undefined,
      { status, statusText: '', data: body, headers: {}, config },
    );
  }
  const parsed = authEndpoints.login.response.safeParse(body);
  if (!parsed.success) {
    // As callEndpoint does for the form's own request.
    const error = new ApiContractError(authEndpoints.login.id, parsed.error.issues);
    console.error(error.message);
    throw error;
  }
  return parsed.data.data;
}
