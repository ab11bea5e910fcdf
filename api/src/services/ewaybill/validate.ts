import {
  EWAY_BILL_LIMITS,
  EWAY_BILL_MAX_DISTANCE_KM,
  EWAY_BILL_MAX_ITEMS,
  EWAY_BILL_SAME_PIN_MAX_KM,
  type EInvoiceProblem,
  type EWayBillListJson,
} from '@bahi/shared/contracts';
import { isValidDocumentNumber } from '@bahi/shared/gst';
import { GSTIN_MESSAGES, gstinProblem, pinMatchesState, pinPrefixesOf, stateName } from '@bahi/shared/india';

/**
 * The offline check of one e-way bill before it is offered (gst-rules.md, "e-Way bill", and what the portal refuses
 * beyond it). Every problem names its field (the bulk JSON's field name) and how to fix it in Bahi.
 */

const GSTIN_FORMAT = /^[0-9]{2}[0-9A-Z]{13}$/;
const BRANCH = 'the branch (Store branches)';
const TRANSPORT = 'the invoice\'s transport details (e-Way bill on the invoice)';
const ROAD = 1;

const isoOf = (ddmmyyyy: string) => `${ddmmyyyy.slice(6, 10)}-${ddmmyyyy.slice(3, 5)}-${ddmmyyyy.slice(0, 2)}`;
const stateLabel = (code: number) => stateName(String(code).padStart(2, '0')) ?? `state ${code}`;

/** Every problem the portal would refuse the e-way bill for; empty when it can be uploaded. */
export function validateEWayBill(bill: EWayBillListJson): EInvoiceProblem[] {
  const out: EInvoiceProblem[] = [];
  const add = (path: string, what: string, fix: string) => out.push({ path, message: `${path} ${what}. ${fix}` });

  // The supplier: its GSTIN generates the e-way bill; its PIN and state are where the goods leave from.
  if (!bill.userGstin) {
    add('userGstin', 'is missing', `An e-way bill is generated under the supplier's GSTIN: set the GSTIN of ${BRANCH}.`);
  } else if (!GSTIN_FORMAT.test(bill.userGstin) || gstinProblem(bill.userGstin)) {
    const problem = gstinProblem(bill.userGstin);
    add('userGstin', `(${bill.userGstin}) is not a valid GSTIN${problem ? `: ${GSTIN_MESSAGES[problem].replace(/\.$/, '')}` : ''}`, `Correct the GSTIN of ${BRANCH}.`);
  }
  if (bill.fromStateCode === null) add('fromStateCode', 'is missing', `Set the state of ${BRANCH}.`);
  else if (bill.userGstin && GSTIN_FORMAT.test(bill.userGstin) && Number(bill.userGstin.slice(0, 2)) !== bill.fromStateCode) {
    add('fromStateCode', `(${bill.fromStateCode}) is not the state of the GSTIN ${bill.userGstin}`, `Set the state of ${BRANCH} to its GSTIN's state.`);
  }
  if (bill.fromPincode === null) add('fromPincode', 'is missing', `Set the 6-digit PIN code of the address of ${BRANCH}: the goods leave from there.`);
  else pinInState('fromPincode', bill.fromPincode, bill.actualFromStateCode ?? bill.fromStateCode, BRANCH);

  // The recipient.
  const party = bill.transType === 2 || bill.transType === 4 ? "the party's shipping address" : "the party's billing address";
  if (!bill.toTrdName) add('toTrdName', 'is missing', 'Name the customer on the invoice: an e-way bill names the recipient.');
  if (bill.toGstin !== 'URP') {
    const problem = GSTIN_FORMAT.test(bill.toGstin) ? gstinProblem(bill.toGstin) : 'FORMAT';
    if (problem) add('toGstin', `(${bill.toGstin}) is not a valid GSTIN`, "Correct the party's GSTIN on the party screen.");
    else if (bill.toStateCode !== null && Number(bill.toGstin.slice(0, 2)) !== bill.toStateCode) {
      add('toStateCode', `(${bill.toStateCode}) is not the state of the recipient's GSTIN ${bill.toGstin}`, 'Correct the place of supply or the party\'s GSTIN.');
    }
  }
  if (bill.toStateCode === null) add('toStateCode', 'is missing', 'Set the place of supply on the invoice.');
  if (bill.toPincode === null) add('toPincode', 'is missing', `Set the 6-digit PIN code of ${party}: the goods go there.`);
  else if (bill.toStateCode !== 99) pinInState('toPincode', bill.toPincode, bill.actualToStateCode ?? bill.toStateCode, party);

  // The document.
  if (!isValidDocumentNumber(bill.docNo)) {
    add('docNo', `(${bill.docNo}) is not a document number the portal takes (at most 16 characters)`, "Change the branch's invoice prefix.");
  }

  // Transport (Part B).
  if (bill.transMode === null || bill.transDistance === null) {
    if (bill.transMode === null) add('transMode', 'is missing', `Add ${TRANSPORT}: the mode (road, rail, air or ship).`);
    if (bill.transDistance === null) add('transDistance', 'is missing', `Add ${TRANSPORT}: the distance in km.`);
  } else {
    if (bill.transDistance > EWAY_BILL_MAX_DISTANCE_KM) {
      add('transDistance', `(${bill.transDistance} km) is more than ${EWAY_BILL_MAX_DISTANCE_KM} km`, `Correct the distance in ${TRANSPORT}.`);
    } else if (bill.fromPincode !== null && bill.fromPincode === bill.toPincode && bill.transDistance > EWAY_BILL_SAME_PIN_MAX_KM) {
      add(
        'transDistance',
        `(${bill.transDistance} km) is more than ${EWAY_BILL_SAME_PIN_MAX_KM} km though the goods leave from and go to the same PIN code (${bill.fromPincode})`,
        `Correct the distance in ${TRANSPORT}, or the PIN code of ${party}.`,
      );
    }
    if (bill.transMode === ROAD) {
      if (!bill.vehicleNo) add('vehicleNo', 'is missing: goods by road need the vehicle number', `Add the vehicle number (as MH12AB1234) in ${TRANSPORT}.`);
      else if (!/^[A-Z0-9]+$/.test(bill.vehicleNo)) {
        add('vehicleNo', `(${bill.vehicleNo}) must be letters and digits only`, `Correct the vehicle number (as MH12AB1234) in ${TRANSPORT}.`);
      } else if (bill.vehicleNo.length > EWAY_BILL_LIMITS.vehicleNo) {
        add('vehicleNo', `(${bill.vehicleNo}) is longer than ${EWAY_BILL_LIMITS.vehicleNo} characters`, `Correct the vehicle number in ${TRANSPORT}.`);
      }
    } else {
      const how = ['', 'road', 'rail', 'air', 'ship'][bill.transMode];
      if (!bill.transDocNo) add('transDocNo', `is missing: goods by ${how} need the transporter's document number`, `Add the railway receipt, airway bill or bill of lading number in ${TRANSPORT}.`);
      if (!bill.transDocDate) add('transDocDate', `is missing: goods by ${how} need the transporter's document date`, `Add the date of the transporter's document in ${TRANSPORT}.`);
    }
  }
  if (bill.transDocNo.length > EWAY_BILL_LIMITS.transDocNo) {
    add('transDocNo', `(${bill.transDocNo}) is longer than ${EWAY_BILL_LIMITS.transDocNo} characters`, `Correct the transport document number in ${TRANSPORT}.`);
  }
  if (bill.transDocDate && isoOf(bill.transDocDate) < isoOf(bill.docDate)) {
    add('transDocDate', `(${bill.transDocDate}) is before the invoice date (${bill.docDate})`, `Correct the transport document date in ${TRANSPORT}.`);
  }
  if (bill.transporterId) {
    const problem = GSTIN_FORMAT.test(bill.transporterId) ? gstinProblem(bill.transporterId) : 'FORMAT';
    if (problem) {
      add('transporterId', `(${bill.transporterId}) is not a GSTIN or transporter id (15 characters, as 27AAPFU0939F1ZV)`, `Correct the transporter id in ${TRANSPORT}, or leave it empty.`);
    }
  }

  // Items.
  if (bill.itemList.length > EWAY_BILL_MAX_ITEMS) {
    add(
      'itemList',
      `has ${bill.itemList.length} items even grouped by HSN, unit and rate; the portal takes at most ${EWAY_BILL_MAX_ITEMS}`,
      'Split the goods over invoices of fewer items.',
    );
  }
  bill.itemList.forEach((it, i) => {
    if (it.hsnCode === null) add(`itemList[${i}].hsnCode`, 'is missing', `Set the HSN code of item "${it.productName}" (line ${i + 1}).`);
  });
  if (bill.itemList.every((it) => it.hsnCode !== null && String(it.hsnCode).startsWith('99'))) {
    add('itemList', 'has services only', 'An e-way bill is for the movement of goods: a sale of services needs none.');
  }
  return out;

  function pinInState(path: string, pin: number, state: number | null, place: string) {
    if (!/^[1-9]\d{5}$/.test(String(pin))) add(path, `(${pin}) is not a 6-digit PIN code`, `Correct the PIN code of ${place}.`);
    else if (state !== null && !pinMatchesState(pin, String(state))) {
      add(path, `(${pin}) is not a PIN code of ${stateLabel(state)} (its PIN codes start with ${pinPrefixesOf(String(state))})`, `Correct the PIN code or the state of ${place}.`);
    }
  }
}
