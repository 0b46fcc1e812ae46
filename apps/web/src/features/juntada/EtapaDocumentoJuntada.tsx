import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Button, Stack, Typography } from '@mui/material';
import type { CandidatoJuntada } from '@tramite/shared';
import { useFormContext } from 'react-hook-form';
import { CampoOpcoesControlado } from '../../components/formulario/CampoOpcoesControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import type { CamposJuntada } from './formulario-juntada';

interface EtapaDocumentoJuntadaProps {
  /** The documents the last search found; null before a search. */
  candidatos: readonly CandidatoJuntada[] | null;
  /** A search is under way. */
  buscando: boolean;
  aoBuscar: () => void;
  /** Runs when a document is chosen, to clear the step's message. */
  aoEscolher: () => void;
}

/** Step 2 of the join wizard: the number (or part of it) of a document of the user's unit, then one of those found. */
export function EtapaDocumentoJuntada({ candidatos, buscando, aoBuscar, aoEscolher }: EtapaDocumentoJuntadaProps) {
  const { control } = useFormContext<CamposJuntada>();
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <CampoTextoControlado
          control={control}
          name="numero"
          label="Número do documento"
          textoAjuda="Com ou sem pontuação; basta parte do número"
          maxLength={40}
          onKeyDown={(evento) => {
            if (evento.key === 'Enter') {
              evento.preventDefault();
              aoBuscar();
            }
          }}
          sx={{ minWidth: 280 }}
        />
        <Button type="button" variant="outlined" startIcon={<SearchOutlined />} onClick={aoBuscar} disabled={buscando}>
          Buscar
        </Button>
      </Stack>
      {buscando ? <Typography role="status">Buscando documentos…</Typography> : null}
      {candidatos && candidatos.length > 0 ? (
        <CampoOpcoesControlado
          control={control}
          name="idDocumento"
          rotulo="Documentos encontrados"
          opcoes={candidatos.map((c) => ({
            valor: c.idDocumento,
            rotulo: `${c.numero} — ${c.tipo}${c.resumoAssunto ? ` — ${c.resumoAssunto}` : ''}`,
          }))}
          aoMudar={aoEscolher}
        />
      ) : null}
    </>
  );
}
