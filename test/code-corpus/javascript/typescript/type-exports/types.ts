export type Id = string;
export interface Item { id: Id; count: number }
export const version = 2;
