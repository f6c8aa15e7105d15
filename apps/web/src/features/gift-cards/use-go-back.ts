import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * spec §2 "a Cancel button goes back": the previous screen of this visit; when the form was the
 * first screen (a link opened in a new tab), going back would leave the portal, so the card list.
 */
export function useGoBack() {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => void (key === 'default' ? navigate(paths.cardList) : navigate(-1)), [key, navigate]);
}
