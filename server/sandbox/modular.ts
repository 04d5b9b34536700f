/** Modular arithmetic for the index permutations that place people in groups lazily. */

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

export function mod(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}

/** Inverse of `value` modulo `modulus`; they must be coprime. */
export function modInverse(value: number, modulus: number): number {
  let [oldR, r] = [mod(value, modulus), modulus];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const quotient = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - quotient * r];
    [oldS, s] = [s, oldS - quotient * s];
  }
  if (oldR !== 1) throw new Error(`${value} has no inverse modulo ${modulus}`);
  return mod(oldS, modulus);
}

/** (a * b) mod m without losing precision when a * b exceeds 2^53. */
export function mulMod(a: number, b: number, modulus: number): number {
  return Number((BigInt(a) * BigInt(b)) % BigInt(modulus));
}

function isPrime(value: number): boolean {
  if (value < 2) return false;
  for (let divisor = 2; divisor * divisor <= value; divisor += 1) if (value % divisor === 0) return false;
  return true;
}

export function nextPrime(from: number): number {
  let candidate = Math.max(2, Math.ceil(from));
  while (!isPrime(candidate)) candidate += 1;
  return candidate;
}

/** A step coprime with `modulus`, so that i -> (offset + i * step) mod modulus is a bijection. */
export function coprimeStep(modulus: number, unit: number): number {
  if (modulus <= 1) return 1;
  let step = 1 + Math.floor(unit * (modulus - 1));
  while (gcd(step, modulus) !== 1) step = (step % (modulus - 1)) + 1;
  return step;
}
