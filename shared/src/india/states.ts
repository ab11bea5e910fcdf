/** GST state and union-territory codes (first two digits of a GSTIN), as published by the GST Council. */
export interface IndianState {
  code: string;
  name: string;
  /** Union territory (true) or state (false); 96/97 are neither and marked as such by `special`. */
  isUnionTerritory: boolean;
  special?: 'OTHER_TERRITORY' | 'OTHER_COUNTRY';
}

export const INDIAN_STATES: readonly IndianState[] = [
  { code: '01', name: 'Jammu and Kashmir', isUnionTerritory: true },
  { code: '02', name: 'Himachal Pradesh', isUnionTerritory: false },
  { code: '03', name: 'Punjab', isUnionTerritory: false },
  { code: '04', name: 'Chandigarh', isUnionTerritory: true },
  { code: '05', name: 'Uttarakhand', isUnionTerritory: false },
  { code: '06', name: 'Haryana', isUnionTerritory: false },
  { code: '07', name: 'Delhi', isUnionTerritory: true },
  { code: '08', name: 'Rajasthan', isUnionTerritory: false },
  { code: '09', name: 'Uttar Pradesh', isUnionTerritory: false },
  { code: '10', name: 'Bihar', isUnionTerritory: false },
  { code: '11', name: 'Sikkim', isUnionTerritory: false },
  { code: '12', name: 'Arunachal Pradesh', isUnionTerritory: false },
  { code: '13', name: 'Nagaland', isUnionTerritory: false },
  { code: '14', name: 'Manipur', isUnionTerritory: false },
  { code: '15', name: 'Mizoram', isUnionTerritory: false },
  { code: '16', name: 'Tripura', isUnionTerritory: false },
  { code: '17', name: 'Meghalaya', isUnionTerritory: false },
  { code: '18', name: 'Assam', isUnionTerritory: false },
  { code: '19', name: 'West Bengal', isUnionTerritory: false },
  { code: '20', name: 'Jharkhand', isUnionTerritory: false },
  { code: '21', name: 'Odisha', isUnionTerritory: false },
  { code: '22', name: 'Chhattisgarh', isUnionTerritory: false },
  { code: '23', name: 'Madhya Pradesh', isUnionTerritory: false },
  { code: '24', name: 'Gujarat', isUnionTerritory: false },
  { code: '25', name: 'Daman and Diu (before 2020)', isUnionTerritory: true },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', isUnionTerritory: true },
  { code: '27', name: 'Maharashtra', isUnionTerritory: false },
  { code: '28', name: 'Andhra Pradesh (before 2014)', isUnionTerritory: false },
  { code: '29', name: 'Karnataka', isUnionTerritory: false },
  { code: '30', name: 'Goa', isUnionTerritory: false },
  { code: '31', name: 'Lakshadweep', isUnionTerritory: true },
  { code: '32', name: 'Kerala', isUnionTerritory: false },
  { code: '33', name: 'Tamil Nadu', isUnionTerritory: false },
  { code: '34', name: 'Puducherry', isUnionTerritory: true },
  { code: '35', name: 'Andaman and Nicobar Islands', isUnionTerritory: true },
  { code: '36', name: 'Telangana', isUnionTerritory: false },
  { code: '37', name: 'Andhra Pradesh', isUnionTerritory: false },
  { code: '38', name: 'Ladakh', isUnionTerritory: true },
  { code: '97', name: 'Other Territory', isUnionTerritory: false, special: 'OTHER_TERRITORY' },
  { code: '96', name: 'Other Country', isUnionTerritory: false, special: 'OTHER_COUNTRY' },
];

const BY_CODE = new Map(INDIAN_STATES.map((s) => [s.code, s]));

export function stateByCode(code: string | null | undefined): IndianState | undefined {
  return code ? BY_CODE.get(code) : undefined;
}

export function stateName(code: string | null | undefined): string | undefined {
  return stateByCode(code)?.name;
}

export function isStateCode(code: string): boolean {
  return BY_CODE.has(code);
}
