import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * docs/behaviour.md §2 "a Cancel button goes back": the previous screen of this visit; when the form was the
 * first screen (a link opened in a new tab), going back would leave the portal, so `fallback`
 * (the module's list).
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => void (key === 'default' ? navigate(fallback) : navigate(-1)), [key, navigate, fallback]);
}
