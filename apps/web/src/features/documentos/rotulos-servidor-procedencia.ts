// The id, label and hint of the search's employee filter: shared by the select and its stand-in, apart from the
// select so that the form does not load it with these.
export const ID_SERVIDOR_PROCEDENCIA = 'filtro-servidor-procedencia';
export const ROTULO_SERVIDOR_PROCEDENCIA = 'Servidor da unidade de procedência';
export const AJUDA_SEM_UNIDADE = 'Escolha antes a unidade de procedência.';
