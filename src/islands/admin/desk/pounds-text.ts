/** An amount in pence as an amount field holds it to be changed: pounds, two decimals, no sign ("271.43"). */
export const poundsText = (pence: number) => (pence / 100).toFixed(2);
