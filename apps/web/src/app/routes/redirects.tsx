import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { errorMessages } from '../../lib/errors';
import { notifyError } from '../../lib/notifications';
import { queryClient } from '../../lib/query-client';
import { readLoginHref } from '../../lib/session';
import { clearAllStorage, defaultOrganizationSlug } from '../../lib/storage';
import { defaultBrand, setBrand } from '../../lib/theme';

/** The bare root: the stored organization's login, or the default organization's. */
export function RootRedirect() {
  return <Navigate to={readLoginHref()} replace />;
}

/** /nao-encontrado: no organization, so the default one's login. */
export function NotFoundRedirect() {
  return <Navigate to={paths.organization.login.getHref(defaultOrganizationSlug)} replace />;
}

/** /reset/config: forget every local setting (organization and theme too), then start over. */
export function ResetConfigRedirect() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    clearAllStorage();
    queryClient.clear();
    setBrand(defaultBrand);
    navigate(paths.root.getHref(), { replace: true });
  }, [navigate]);
  return null;
}

export const unknownAddressHandle = { unknownAddress: true } as const;

/** True when the address matched no screen (the layouts then skip their loading). */
export function isUnknownAddressMatch(matches: readonly { handle: unknown }[]): boolean {
  const last = matches[matches.length - 1]?.handle as { unknownAddress?: boolean } | undefined;
  return Boolean(last?.unknownAddress);
}

/**
 * Any other address: the alert 'Endereço não existe.' and stay where the user was, i.e. go back;
 * on a first load there is nothing behind, so go to the root.
 */
export function UnknownAddress() {
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    notifyError(errorMessages.unknownAddress, 'unknown-address');
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) navigate(-1);
    else navigate(paths.root.getHref(), { replace: true });
  }, [navigate]);
  return null;
}
