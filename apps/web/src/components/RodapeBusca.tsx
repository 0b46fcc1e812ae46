import ClearOutlined from '@mui/icons-material/ClearOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Alert, Button, Stack } from '@mui/material';

interface RodapeBuscaProps {
  /** The broken rule of the search, read out when it appears; nothing when there is none. */
  erro: string | null;
  /** The message's test id (and its id, when given). */
  testIdErro: string;
  idErro?: string;
  aoLimpar: () => void;
}

/** The end of a search form: the broken rule, then "Buscar" (the form's submit) and "Limpar filtros". */
export function RodapeBusca({ erro, testIdErro, idErro, aoLimpar }: RodapeBuscaProps) {
  return (
    <>
      {erro ? (
        <Alert severity="error" id={idErro} data-testid={testIdErro} role="status" sx={{ mt: 2 }}>
          {erro}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
          Buscar
        </Button>
        <Button type="button" startIcon={<ClearOutlined />} onClick={aoLimpar}>
          Limpar filtros
        </Button>
      </Stack>
    </>
  );
}
