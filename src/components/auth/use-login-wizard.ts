import { useState, type SubmitEvent } from 'react';
import { afterLoginPath, FROM_KEY, LAST_ROUTE_KEY } from '../../lib/after-login.ts';
import { errorMessage } from '../../lib/api.ts';
import { signIn } from '../../stores/session.ts';

/**
 * The sign-in's steps and fields: the e-mail is checked before the password step; a successful
 * sign-in replaces the page with the one the visitor had asked for.
 */
export function useLoginWizard() {
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const submitEmail = (event: SubmitEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('Veuillez entrer votre adresse courriel.');
    setError('');
    setStep('password');
  };

  const submitPassword = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!password) return setError('Veuillez entrer votre mot de passe.');
    setLoading(true);
    setError('');
    try {
      const user = await signIn(email.trim(), password);
      if (!user) throw new Error('Connexion impossible.');
      const target = afterLoginPath({
        from: sessionStorage.getItem(FROM_KEY),
        user,
        lastRoute: localStorage.getItem(LAST_ROUTE_KEY),
      });
      sessionStorage.removeItem(FROM_KEY);
      window.location.replace(target);
    } catch (caught) {
      setError(errorMessage(caught, 'Connexion impossible.'));
      setLoading(false);
    }
  };

  const edit = () => {
    setStep('email');
    setPassword('');
    setError('');
  };
  const toggleVisible = () => setVisible((value) => !value);

  return {
    step,
    email,
    setEmail,
    password,
    setPassword,
    visible,
    toggleVisible,
    loading,
    error,
    submitEmail,
    submitPassword,
    edit,
  };
}
