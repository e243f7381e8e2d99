import { moveTargetOf } from './move-target';

const loaded = [{ id: 'CLAIMEDORDERxxxxEFGH1234' }, { id: 'OTHERORDER00wxyzAB12CD34' }];

describe('the order a claimed TrxID is moved to', () => {
  it('is found among the loaded orders by the number its card shows, with or without #', () => {
    for (const typed of ['AB12CD34', ' #AB12CD34 ', 'ab12cd34', 'OTHERORDER00wxyzAB12CD34']) {
      expect(moveTargetOf('CLAIMEDORDERxxxxEFGH1234', typed, loaded), typed).toEqual({
        ok: true,
        input: {
          orderId: 'CLAIMEDORDERxxxxEFGH1234',
          decision: 'move',
          toOrderId: 'OTHERORDER00wxyzAB12CD34',
        },
      });
    }
  });

  it('may be a full order id not loaded: the server looks it up', () => {
    expect(moveTargetOf('CLAIMEDORDERxxxxEFGH1234', 'NOTLOADED000abcdZZ991234', loaded)).toMatchObject({
      ok: true,
      input: { toOrderId: 'NOTLOADED000abcdZZ991234' },
    });
  });

  it('asks for a number, says to find an order not loaded, and refuses the order itself', () => {
    expect(moveTargetOf('CLAIMEDORDERxxxxEFGH1234', ' ', loaded)).toEqual({
      ok: false,
      error: 'যে অর্ডারে সরাবেন, তার নম্বর লিখুন।',
    });
    expect(moveTargetOf('CLAIMEDORDERxxxxEFGH1234', 'ZZ991234', loaded)).toMatchObject({
      ok: false,
      error: expect.stringContaining('এই নম্বরের অর্ডার তালিকায় নেই'),
    });
    expect(moveTargetOf('CLAIMEDORDERxxxxEFGH1234', 'EFGH1234', loaded)).toEqual({
      ok: false,
      error: 'যে অর্ডারে ট্রানজেকশন আইডিটি সরাতে চান, তার নম্বর সঠিক নয়।',
    });
  });
});
