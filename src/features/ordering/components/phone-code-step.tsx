import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';

// The order dialog's hook into the phone code (a few lines there): whether a confirm must first verify the
// number, and the step itself, loaded only when it is needed so the dialog's first open stays as fast.
const PhoneVerification = lazy(() => import('./phone-verification'));

export interface PhoneCodeStep {
  /**
   * True when the order must wait for the code (the step is then shown); `required` is the shop's setting
   * (settings/payments.phone_verification_required, as the dialog read it).
   */
  holdsOrder(phone: string, required: boolean): Promise<boolean>;
  /** The step, or nothing; `onVerified` places the order. */
  render(onVerified: () => void): ReactNode;
  reset(): void;
}

export function usePhoneCodeStep(): PhoneCodeStep {
  const [phone, setPhone] = useState<string | null>(null);
  // The number just verified here: its order goes through without asking again (placeOrder still checks).
  const verified = useRef<string | null>(null);
  return {
    async holdsOrder(orderPhone, required) {
      if (verified.current === orderPhone) return false;
      let needed: boolean;
      try {
        const { phoneCodeNeeded } = await import('../api/phone-verification');
        needed = phoneCodeNeeded(orderPhone, required);
      } catch {
        needed = false; // placeOrder checks the number anyway, and says what to do
      }
      setPhone(needed ? orderPhone : null);
      return needed;
    },
    render(onVerified) {
      if (phone === null) return null;
      return (
        <Suspense fallback={null}>
          <PhoneVerification
            key={phone}
            phone={phone}
            onVerified={() => {
              verified.current = phone;
              setPhone(null);
              onVerified();
            }}
            onCancel={() => setPhone(null)}
          />
        </Suspense>
      );
    },
    reset: () => setPhone(null),
  };
}
