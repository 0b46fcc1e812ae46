import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { InputAdornment, TextField } from '@mui/material';

interface CampoPesquisaListaProps {
  id: string;
  rotulo: string;
  valor: string;
  aoMudar: (valor: string) => void;
  textoAjuda?: string;
  tamanhoMaximo?: number;
}

/** The search box above an administration list: typing narrows the list below it. */
export function CampoPesquisaLista({ id, rotulo, valor, aoMudar, textoAjuda, tamanhoMaximo }: CampoPesquisaListaProps) {
  return (
    <TextField
      id={id}
      label={rotulo}
      type="search"
      value={valor}
      onChange={(evento) => aoMudar(evento.target.value)}
      helperText={textoAjuda}
      sx={{ mb: 2, width: { xs: '100%', sm: 420 } }}
      slotProps={{
        htmlInput: { maxLength: tamanhoMaximo },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
