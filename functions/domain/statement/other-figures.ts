/**
 * Figures a statement prints beside its balances and totals that are neither: what the account could spend
 * ('Available balance', 'Cleared balance', 'Uncleared funds', an overdraft or credit limit), and the charges
 * a summary prints apart from its money out. Read as the closing balance, a running balance or a total, they
 * break a reading whose every row is right.
 */

/** Letters of a line as labels see them (lower case, no spaces or punctuation). */
const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * A line naming a figure that is not the account's balance: the available balance (the balance with the
 * arranged overdraft, less what is pending), the cleared or uncleared funds, a limit. Such a line in the
 * table's balance column is no balance line, and its date ('Available balance on 31 March 2025') makes it no
 * dated balance.
 */
const NOT_THE_BALANCE =
  /^(?:your)?(?:(?:total)?available(?:balance|funds|tospend)|balanceavailable|fundsavailable|(?:un)?cleared(?:balance|funds)|pending(?:balance|transactions|funds)|(?:(?:arranged|agreed|authorised)?overdraft|credit)limit)/;

/** Whether a line names a figure that is not the account's balance (`NOT_THE_BALANCE`). */
export function notTheBalance(text: string): boolean {
  return NOT_THE_BALANCE.test(letters(text));
}

/** Whether the word before a balance's label qualifies it as another figure ('Available balance on …'). */
export function qualifiesBalance(word: string | undefined): boolean {
  return !!word && /^(?:available|cleared|uncleared|pending|projected)$/.test(letters(word));
}

/**
 * Charges and debit interest as a summary prints them apart from its money out ('Paid out £1,500.00' then
 * 'Fees and charges £12.00', 'Interest charged £3.41', 'Overdraft interest'): the rows hold each charge, and
 * the money out total may leave them out, as a saver's money in leaves out the interest printed beside it.
 */
export const CHARGES_LABEL =
  /^(?:total)?(?:(?:bank|account|overdraft|monthly)?(?:fees(?:and|&)charges|charges(?:and|&)fees|charges|fees)|interestcharged|(?:arranged|unarranged)?overdraftinterest|debitinterest|interestanddebitcharges)(?:paid|charged|applied)?/;
