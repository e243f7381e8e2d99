import { exportCriteria, exportFormSchema, exportFormValues } from './export-form';

const errorsOf = async (values: Record<string, unknown>) => {
  try {
    await exportFormSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('the export form', () => {
  it('starts at this Dhaka month so far, in the status the dashboard shows', () => {
    // 20:00 UTC on the 30th is already the 1st of the next month in Dhaka.
    expect(exportFormValues(new Date('2026-11-30T20:00:00Z'), 'confirmed')).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
      status: 'confirmed',
    });
  });

  it('accepts a range of real days and turns it into Dhaka instants, the last day included', async () => {
    expect(await errorsOf({ from: '2026-11-01', to: '2026-11-30', status: 'all' })).toEqual([]);
    const criteria = exportCriteria({ from: '2026-11-01', to: '2026-11-30', status: 'all' });
    expect(criteria.from?.toISOString()).toBe('2026-10-31T18:00:00.000Z');
    expect(criteria.to?.toISOString()).toBe('2026-11-30T18:00:00.000Z');
  });

  it('refuses a missing day, a day that does not exist, an end before the start and an unknown status, in Bengali', async () => {
    expect(await errorsOf({ from: '', to: '2026-11-30', status: 'all' })).toEqual(['শুরুর তারিখ দিন']);
    expect(await errorsOf({ from: '2026-02-30', to: '2026-03-01', status: 'all' })).toEqual([
      'সঠিক তারিখ দিন',
    ]);
    expect(await errorsOf({ from: '2026-11-10', to: '2026-11-09', status: 'all' })).toEqual([
      'শেষের তারিখ শুরুর তারিখের আগে হতে পারে না',
    ]);
    expect(await errorsOf({ from: '2026-11-01', to: '2026-11-09', status: 'lost' })).toEqual([
      'এই স্ট্যাটাস চেনা নেই',
    ]);
  });
});
