import { StrictMode } from 'react';
import { Toaster } from '../components/toaster';
import { LoginPage } from '../features/auth/login-page';
import { NavigationProvider, type Navigation } from '../lib/navigation';

/**
 * What #root holds on login.html until the portal takes over (src/sign-in.tsx): the sign-in screen
 * without the router, and the toasts. One definition for the browser and for the screen rendered
 * at build time (build/prerender-login.tsx): the same tree gives the same elements and the same
 * generated ids, so the browser takes over the build's HTML as it is. Its shape is the portal's
 * (app/app.tsx: the screen, then the toasts), so that when the portal replaces it the toasts stay.
 */
export function SignInRoot({ navigation, onTyping }: { navigation: Navigation; onTyping?: () => void }) {
  return (
    <StrictMode>
      <NavigationProvider value={navigation}>
        <LoginPage onTyping={onTyping} />
      </NavigationProvider>
      <Toaster />
    </StrictMode>
  );
}
