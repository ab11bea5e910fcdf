/**
 * Which PIN codes a GST state code can have: the first two digits of the PIN (the postal circle and region) by
 * state, from India Post's PIN zones. Generous where circles share a region (the north-east shares 79, Telangana and
 * Andhra Pradesh share 50-53); the IRP refuses a PIN outside its state's ranges, so this catches a mistyped state or
 * PIN before the portal does.
 */
const PIN_PREFIXES: Record<string, readonly string[]> = {
  '01': ['18', '19'], // Jammu and Kashmir
  '02': ['17'], // Himachal Pradesh
  '03': ['14', '15', '16'], // Punjab
  '04': ['16'], // Chandigarh
  '05': ['24', '26'], // Uttarakhand
  '06': ['12', '13'], // Haryana
  '07': ['11'], // Delhi
  '08': ['30', '31', '32', '33', '34'], // Rajasthan
  '09': ['20', '21', '22', '23', '24', '25', '26', '27', '28'], // Uttar Pradesh
  '10': ['80', '81', '82', '83', '84', '85'], // Bihar
  '11': ['73'], // Sikkim
  '12': ['79'], // Arunachal Pradesh
  '13': ['79'], // Nagaland
  '14': ['79'], // Manipur
  '15': ['79'], // Mizoram
  '16': ['79'], // Tripura
  '17': ['79'], // Meghalaya
  '18': ['78'], // Assam
  '19': ['70', '71', '72', '73', '74'], // West Bengal
  '20': ['81', '82', '83', '84', '85'], // Jharkhand
  '21': ['75', '76', '77'], // Odisha
  '22': ['46', '47', '48', '49'], // Chhattisgarh
  '23': ['45', '46', '47', '48', '49'], // Madhya Pradesh
  '24': ['36', '37', '38', '39'], // Gujarat
  '25': ['36', '39'], // Daman and Diu
  '26': ['36', '39'], // Dadra and Nagar Haveli and Daman and Diu
  '27': ['40', '41', '42', '43', '44'], // Maharashtra
  '28': ['50', '51', '52', '53'], // Andhra Pradesh (old)
  '29': ['56', '57', '58', '59'], // Karnataka
  '30': ['40'], // Goa
  '31': ['68'], // Lakshadweep
  '32': ['67', '68', '69'], // Kerala
  '33': ['60', '61', '62', '63', '64', '65', '66'], // Tamil Nadu
  '34': ['60', '53', '67'], // Puducherry (with Yanam and Mahe)
  '35': ['74'], // Andaman and Nicobar Islands
  '36': ['50'], // Telangana
  '37': ['50', '51', '52', '53'], // Andhra Pradesh
  '38': ['19'], // Ladakh
};

/** True when the PIN can be in the state (states without a table entry, 96 and 97, take any PIN). */
export function pinMatchesState(pin: number | string, stateCode: string): boolean {
  const prefixes = PIN_PREFIXES[stateCode.padStart(2, '0')];
  if (!prefixes) return true;
  return prefixes.includes(String(pin).slice(0, 2));
}

/** What a state's PINs start with, for a message: "40-44". */
export function pinPrefixesOf(stateCode: string): string {
  return (PIN_PREFIXES[stateCode.padStart(2, '0')] ?? []).join(', ');
}
