import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '@strideadmin/contract';
import { ButtonLink } from '../../components/button-link';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { AccountLayout, SuccessNotice, cardClass } from './account-layout';
import { useVerifyToken } from './api/verify-token';

/**
 * /verify-account?token (docs/behaviour.md §2, §8): verifies once on arrival and shows the server's message,
 * 'Account verified successfully!' by default; on failure the server's message (or the generic
 * one) instead. The route's guard sends a visit without a token to /login.
 */
export function VerifyAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyToken();
  const { mutate } = verify;
  // A token is single use: StrictMode's second effect run must not spend it again.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  let content;
  if (verify.isSuccess) {
    content = <SuccessNotice>{verify.data.message || messages.accountVerified}</SuccessNotice>;
  } else if (verify.isError) {
    content = (
      <p
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        {verify.error instanceof ApiError ? verify.error.message : messages.noResponse}
      </p>
    );
  } else {
    content = (
      <div className="flex justify-center py-2">
        <Spinner label="Verifying your account" />
      </div>
    );
  }

  return (
    <AccountLayout title="Verify account">
      <div className={cardClass}>
        {content}
        <ButtonLink to={paths.login} className="w-full">
          Go To Login
        </ButtonLink>
      </div>
    </AccountLayout>
  );
}
