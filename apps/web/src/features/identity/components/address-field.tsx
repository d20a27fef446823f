import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AddressSuggestion, addressesStepSchema } from '@zaymo/contract';
import { addressSource } from '@/components/suggest/sources';
import { SuggestField } from '@/components/suggest/suggest-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { addressFromSuggestion, emptyAddress, hasHouse } from '../lib/address';

type AddressesValues = z.input<typeof addressesStepSchema>;
type AddressName = 'registration' | 'residence';

type AddressFieldProps = { name: AddressName; label: string; hint?: string };

/**
 * An address chosen from suggestions down to the house, and its flat. Choosing a street or a
 * city keeps the suggestions open for the next level and says a house is still needed.
 */
export function AddressField({ name, label, hint }: AddressFieldProps) {
  const { t } = useTranslation('identity');
  const { control, setError, clearErrors, formState } = useFormContext<AddressesValues>();
  const { field } = useController({ control, name });
  const address = field.value ?? emptyAddress();
  const errors = formState.errors[name];
  const addressError = errors?.value?.message ?? errors?.house?.message ?? errors?.message;

  const choose = (suggestion: AddressSuggestion) => {
    const chosen = addressFromSuggestion(suggestion);
    if (hasHouse(suggestion)) {
      field.onChange({ ...chosen, flat: chosen.flat ?? address.flat });
      clearErrors(name);
      return;
    }
    // A space after the street invites the house number; the search goes on from here.
    field.onChange({ ...chosen, value: `${chosen.value} `, flat: address.flat });
    setError(`${name}.house`, { type: 'house', message: t('addresses.chooseHouse') });
  };

  return (
    <div className="identity-address">
      <SuggestField
        label={label}
        hint={hint}
        error={addressError}
        name={`${name}.value`}
        value={address.value}
        onValueChange={(text) => field.onChange({ ...emptyAddress(text), flat: address.flat })}
        onSelect={choose}
        onBlur={field.onBlur}
        inputRef={field.ref}
        source={addressSource}
        keepSuggesting={(suggestion) => !hasHouse(suggestion)}
        minQueryLength={3}
        autoComplete="street-address"
      />
      <Field label={t('addresses.flat')} error={errors?.flat?.message}>
        {(controlProps) => (
          <Input
            {...controlProps}
            name={`${name}.flat`}
            value={address.flat ?? ''}
            onChange={(event) => field.onChange({ ...address, flat: event.target.value })}
            inputMode="text"
            maxLength={16}
            className="identity-input--short"
          />
        )}
      </Field>
    </div>
  );
}
