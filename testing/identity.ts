/** The identity step's form as typed, every rule of it passed: for tests that walk or file an application. */
export const IDENTITY = {
  nationality: 'TR',
  nationality_number: '10000000146',
  nationality_serial_no: 'A12B34567',
  name: 'Elif',
  surname: 'Yılmaz',
  mother_name: 'Ayşe',
  father_name: 'Mehmet',
  birthdate: '01/02/1990',
  gender: 1 as const,
  job: '1',
  security_word: 'kelime',
};
