import { Alert, AlertTitle, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { consultaItensVocabulario } from '../glossario/api';

/**
 * The controlled vocabulary's guidance for the chosen type and subject (what to attach, where it goes), kept by the
 * administrators on their glossary screen; nothing when there is none.
 */
export function OrientacaoVocabulario({ idTipoDocumento, idAssunto }: { idTipoDocumento: number; idAssunto: number }) {
  const itens = useQuery(consultaItensVocabulario());
  const doPar = (itens.data ?? []).filter(
    (item) => item.idTipoDocumento === idTipoDocumento && item.idAssunto === idAssunto,
  );
  if (doPar.length === 0) return null;
  return (
    <Stack spacing={1} aria-label="Orientações do vocabulário controlado" role="region">
      {doPar.map((item) => (
        <Alert key={item.idItemGlossario} severity="info">
          <AlertTitle>{item.descricao}</AlertTitle>
          {item.detalhamento}
        </Alert>
      ))}
    </Stack>
  );
}
