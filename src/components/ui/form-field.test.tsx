import { Input } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import { renderWithShop } from '@/testing/render';
import { errorOf, FormField } from './form-field';

describe('a form field', () => {
  it('names its control, marks it required and shows the hint', () => {
    renderWithShop(
      <FormField label="নাম" required helperText="পুরো নাম লিখুন">
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: /নাম/ });
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(screen.getByText('পুরো নাম লিখুন')).toBeInTheDocument();
  });

  it('shows the message and marks the control invalid while there is an error', () => {
    renderWithShop(
      <FormField label="ফোন" error="সঠিক মোবাইল নম্বর দিন">
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'ফোন' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('সঠিক মোবাইল নম্বর দিন')).toBeInTheDocument();
  });
});

describe("a field's message", () => {
  const errors = { phone: 'সঠিক মোবাইল নম্বর দিন' };

  it('waits until the shopper has left the field or pressed submit', () => {
    expect(errorOf({ touched: {}, errors, submitCount: 0 }, 'phone')).toBeUndefined();
    expect(errorOf({ touched: { phone: true }, errors, submitCount: 0 }, 'phone')).toBe(errors.phone);
    expect(errorOf({ touched: {}, errors, submitCount: 1 }, 'phone')).toBe(errors.phone);
  });

  it('is none for a valid field', () => {
    expect(errorOf({ touched: { phone: true }, errors: {}, submitCount: 1 }, 'phone')).toBeUndefined();
  });
});
